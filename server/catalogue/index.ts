// What other capabilities may call of catalogue: every name is listed, none re-exported wholesale.
export { availabilityLevel } from './availability';
