// The catalogue's public module (issue 23): each name listed. The calendar grades availability as
// the venue content does.
export { availabilityLevel } from './availability';
// The catalogue files (issue 25): what catalogue:check and catalogue:import-plan use.
export { CatalogueError, loadCatalogue } from './files/load';
export { CsvPlanError, planFromCsv } from './files/csvPlan';
export { expandPlan } from './files/plans';
export { planFileSchema } from './files/schema';
