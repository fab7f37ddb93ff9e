import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type SchemaControllerOptions = NonNullable<FastifyServerOptions['schemaController']>;
type Compilers = NonNullable<SchemaControllerOptions['compilersFactory']>;

/**
 * Every route's schemas are zod's (fastify-type-provider-zod), for each Fastify instance the
 * server makes. Given as the schema controller's compilers rather than set once the instance
 * exists: Fastify then never loads its default Ajv and fast-json-stringify compilers, which no
 * route uses and which cost a good part of every start (issue 26).
 */
export const zodSchemaController: SchemaControllerOptions = {
  compilersFactory: {
    // Fastify's types describe Ajv's builders, but it calls these exactly as it calls what
    // setValidatorCompiler is given (it wraps that in such a builder: lib/schema-controller.js).
    buildValidator: (() => validatorCompiler) as unknown as Compilers['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as Compilers['buildSerializer'],
  },
};
