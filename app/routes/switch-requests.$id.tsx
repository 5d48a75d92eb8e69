// /switch-requests/{id} is the same page as /cereri-schimbare/{id} (user spec §2 route table).
export { ErrorBoundary, action, headers, loader, meta, default } from "./cereri-schimbare.$id";
