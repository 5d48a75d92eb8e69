// /schimba is the same page as /schimba-furnizor (user spec §2 route table).
export { headers, loader, meta, default } from "./schimba-furnizor";
