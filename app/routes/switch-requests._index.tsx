// /switch-requests is the same page as /istoric-schimbari (user spec §2 route table).
export { ErrorBoundary, headers, loader, meta, default } from "./istoric-schimbari";
