// Moved to test/unit/support/packedSandbox.ts (shared test helpers live there). This name stays
// only so that a test written against it on a branch of the same days still compiles; new tests
// import from support, and this file goes once no test imports it.
export { packageProject, ROOT, run, type PackageProject } from '../support/packedSandbox';
