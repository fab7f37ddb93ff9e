// The buyer's details' public module (issue 23): each name listed. Orders need complete details.
// (The address rule the member profile shares is server/lib/postalAddress.ts, not details'.)
export { requireCompleteDetails } from './details';
