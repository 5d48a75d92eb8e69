// /cont is the same page as /profil (user spec §2 route table).
export { action, loader, meta, default } from "./profil";
