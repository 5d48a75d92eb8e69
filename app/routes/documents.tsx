// /documents is the same page as /documente (user spec §2 route table).
export { headers, loader, meta, default } from "./documente";
