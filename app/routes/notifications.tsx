// /notifications is the same page as /notificari (user spec §2 route table).
export { headers, loader, meta, default } from "./notificari";
