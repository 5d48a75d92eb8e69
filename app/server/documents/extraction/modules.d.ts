// Module imports wrangler bundles without JavaScript: see the [[rules]] in wrangler.toml.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.traineddata.gz" {
  const bytes: ArrayBuffer;
  export default bytes;
}
