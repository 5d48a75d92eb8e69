/// <reference types="@remix-run/cloudflare" />
declare module "*.css?url" {
  const href: string;
  export default href;
}
