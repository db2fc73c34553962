// @platform/contracts: what is built from openapi/. Each area's types are a subpath
// (`@platform/contracts/video`); this entry holds the runtime helpers.
export { BUNDLE_DIR, BundleError, bundlePath, readBundle } from './bundles.ts';
