// The catalogue's public module (issue 23): each name listed. The calendar grades availability as
// the venue content does.
export { availabilityLevel } from './availability';
