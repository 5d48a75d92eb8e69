// Romanian texts of document checks: what a user (wizard summary) or an admin (review dialog) reads
// for each failed rule, and for each refused upload. Tests look them up here.
import { TEXTS } from "../../texts/user";
import type { UploadRejection } from "./magic-bytes.server";

export const UPLOAD_MESSAGES: Record<UploadRejection, string> = {
  empty: "Fișierul este gol.",
  too_large: "Fișier prea mare",
  unsupported_type: "Tip fișier neacceptat",
  polyglot: "Format de fișier neacceptat. Folosiți JPG, PNG sau PDF.",
  active_content: TEXTS.documents.activeContentPdf,
  type_not_allowed_for_document: "Pentru actul de identitate încărcați o fotografie (JPG sau PNG).",
};

export const ISSUE_MESSAGES = {
  document_unreadable: "Documentul nu a putut fi citit automat; va fi verificat de un operator.",
  pdf_password_protected: "PDF-ul este protejat cu parolă și nu poate fi citit. Încărcați factura fără parolă: o fotografie a ei sau PDF-ul salvat din nou fără parolă.",
  scanned_pdf_without_image: "PDF-ul nu conține text și nici o imagine care să poată fi citită; va fi verificat de un operator.",
  unsupported_document_type: "Acest tip de document nu se verifică automat; va fi verificat de un operator.",
  ocr_low_quality: "Imaginea este greu de citit (neclară sau cu contrast slab). Încărcați o fotografie mai clară.",
  fields_missing: "Unele date nu au putut fi citite din document.",
  cnp_missing: "CNP-ul nu a putut fi citit de pe actul de identitate.",
  cnp_invalid: "CNP-ul citit nu este valid (cifra de control nu corespunde).",
  cnp_birth_date_mismatch: "Data nașterii din CNP nu corespunde cu cea de pe actul de identitate.",
  cnp_sex_mismatch: "Sexul indicat de CNP nu corespunde cu cel de pe actul de identitate.",
  mrz_missing: "Zona citibilă automat (rândurile cu „<<”) nu a fost găsită pe actul de identitate.",
  mrz_check_failed: "Cifrele de control din zona citibilă automat nu corespund.",
  mrz_printed_conflict: "Datele tipărite nu corespund cu zona citibilă automat a actului.",
  id_name_missing: "Numele titularului nu a putut fi citit de pe actul de identitate.",
  id_expiry_missing: "Data expirării actului de identitate nu a putut fi citită.",
  id_expired: "Actul de identitate este expirat.",
  bill_date_missing: "Data emiterii facturii nu a putut fi citită.",
  bill_too_old: "Factura este mai veche de 3 luni. Încărcați ultima factură primită.",
  bill_date_in_future: "Data facturii este în viitor.",
  pod_missing: "Codul locului de consum (POD) nu a fost găsit pe factură.",
  pod_invalid: "Codul POD citit nu are formatul românesc (RO + 3 cifre + E + 9 cifre).",
  bill_consumption_missing: "Consumul facturat (kWh) nu a putut fi citit.",
  bill_totals_missing: "Totalurile facturii nu au putut fi citite.",
  bill_totals_inconsistent: "Totalul facturii nu corespunde cu suma dintre valoarea fără TVA și TVA.",
  price_out_of_range: "Prețul pe kWh calculat din factură este neobișnuit; va fi verificat de un operator.",
  bill_holder_missing: "Numele titularului nu a putut fi citit de pe factură.",
  bill_holder_mismatch: "Titularul facturii nu este aceeași persoană cu titularul actului de identitate.",
  // Per-field reasons of issue #14 (the admin review dialog shows one per field).
  field_missing: "Câmpul nu a putut fi citit din document.",
  field_unconfirmed: "Câmpul a fost citit, dar nicio verificare nu l-a confirmat.",
  id_number_missing: "Seria și numărul actului de identitate nu au putut fi citite.",
  cnp_county_mismatch: "Codul de județ din CNP nu corespunde locului nașterii.",
  bill_vat_rate_mismatch: "TVA-ul facturii nu corespunde cotei legale (21 %, respectiv 19 % înainte de august 2025).",
  bill_consumption_index_mismatch: "Consumul facturat nu este diferența dintre indexul nou și cel vechi.",
  bill_period_after_due_date: "Perioada de facturare se încheie după data scadenței.",
} as const;

export type IssueCode = keyof typeof ISSUE_MESSAGES;
