// .dev.vars.example imported as text by workers/deployment-check.ts (a `Text` rule in wrangler.toml).
declare module "*.dev.vars.example" {
  const text: string;
  export default text;
}
