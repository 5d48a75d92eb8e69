// The supply contract as a PDF (issue #10, items 4–5): drawn with pdf-lib from the verified ID and bill,
// the offer snapshot of the request and the supplier's terms; then, once signed in the browser, the same
// PDF with the signature and an audit page. Fonts are passed in (a Unicode TTF: Romanian needs ă, â, î,
// ș, ț, which the PDF standard fonts lack) so this module runs in workerd and in Node tests alike.
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatRoDay } from "../../../lib/dates";
import type { ContractTerms } from "../suppliers/portal.server";

export interface ContractFonts {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

export interface ContractData {
  switchRequestId: string;
  terms: ContractTerms;
  supplier: { name: string; website: string };
  customer: {
    firstName: string;
    lastName: string;
    cnp: string | null;
    idDocument: string | null;
    address: string | null;
    phone: string;
  };
  consumptionPlace: { address: string | null; pod: string; county: string | null };
  offer: { name: string; pricePerKwh: string; validFrom: string | null; validUntil: string | null; type: string | null };
  desiredSwitchDate: string;
  titleHolderQuality: string;
  currentSupplierName: string | null;
}

export interface SignatureAudit {
  signerName: string;
  phone: string;
  /** instant of signing */
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  unsignedSha256: string;
  method: "drawn" | "typed";
  switchRequestId: string;
}

export type SignatureMark = { method: "drawn"; png: Uint8Array } | { method: "typed"; name: string };

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.1, 0.12, 0.16);
const MUTED = rgb(0.38, 0.4, 0.45);

/** 1960101123456 → 1*********456: enough to recognise, not enough to reuse. */
export function maskCnp(cnp: string | null): string {
  if (!cnp || cnp.length < 4) return "—";
  return `${cnp[0]}${"*".repeat(cnp.length - 4)}${cnp.slice(-3)}`;
}

export function formatBucharestInstant(instant: Date): string {
  return new Intl.DateTimeFormat("ro-RO", {
    timeZone: "Europe/Bucharest",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hour12: false,
    timeZoneName: "short",
  }).format(instant);
}

/** Writes top-down, wrapping to the page width and starting new pages as needed. */
class Writer {
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont },
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number) {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(text: string, options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; indent?: number; gap?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const width = A4[0] - 2 * MARGIN - indent;
    for (const line of wrap(text, font, size, width)) {
      this.ensure(size * 1.45);
      this.page.drawText(line, { x: MARGIN + indent, y: this.y - size, size, font, color: options.color ?? INK });
      this.y -= size * 1.45;
    }
    this.y -= options.gap ?? 2;
  }

  field(label: string, value: string) {
    this.text(`${label}: ${value}`, { indent: 12 });
  }

  space(height: number) {
    this.y -= height;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

async function openWithFonts(doc: PDFDocument, fonts: ContractFonts) {
  doc.registerFontkit(fontkit);
  return {
    regular: await doc.embedFont(fonts.regular, { subset: true }),
    bold: await doc.embedFont(fonts.bold, { subset: true }),
  };
}

const dash = (value: string | null | undefined) => (value && value.trim() ? value : "—");

export async function renderContractPdf(data: ContractData, fonts: ContractFonts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Contract de furnizare ${data.terms.contractNumber}`);
  doc.setSubject(`Cererea de schimbare a furnizorului ${data.switchRequestId}`);
  doc.setLanguage("ro-RO");
  const w = new Writer(doc, await openWithFonts(doc, fonts));

  w.text("CONTRACT DE FURNIZARE A ENERGIEI ELECTRICE", { size: 15, bold: true });
  w.text("pentru clienți casnici, încheiat la distanță", { size: 11, color: MUTED });
  w.text(`Nr. ${data.terms.contractNumber} din ${formatRoDay(data.terms.issuedOn)}`, { size: 11, bold: true, gap: 12 });

  w.text("1. Părțile", { size: 12, bold: true });
  w.text(`Furnizor: ${data.terms.supplierLegalName} (${data.supplier.name}, ${data.supplier.website})`, { indent: 12 });
  w.text("Client:", { indent: 12 });
  w.field("Nume și prenume", `${data.customer.lastName} ${data.customer.firstName}`);
  w.field("CNP", maskCnp(data.customer.cnp));
  w.field("Act de identitate", dash(data.customer.idDocument));
  w.field("Domiciliu", dash(data.customer.address));
  w.field("Telefon", data.customer.phone);
  w.field("Calitatea față de locul de consum", data.titleHolderQuality);
  w.space(8);

  w.text("2. Locul de consum", { size: 12, bold: true });
  w.field("Adresa", dash(data.consumptionPlace.address));
  w.field("Cod loc de consum (POD)", data.consumptionPlace.pod);
  w.field("Județ", dash(data.consumptionPlace.county));
  w.field("Furnizor actual", dash(data.currentSupplierName));
  w.space(8);

  w.text("3. Oferta acceptată", { size: 12, bold: true });
  w.field("Denumire", data.offer.name);
  w.field("Preț final", `${data.offer.pricePerKwh.replace(".", ",")} lei/kWh (cu TVA și toate componentele reglementate)`);
  w.field("Tip preț", dash(data.offer.type));
  const validity = data.offer.validFrom
    ? `${formatRoDay(data.offer.validFrom)} – ${data.offer.validUntil ? formatRoDay(data.offer.validUntil) : "nedeterminat"}`
    : "—";
  w.field("Valabilitatea ofertei", validity);
  w.field("Durata contractului", data.terms.durationMonths ? `${data.terms.durationMonths} luni` : "nedeterminată");
  w.field("Termen de plată a facturii", `${data.terms.paymentTermDays} zile`);
  w.field("Data dorită de începere a furnizării", formatRoDay(data.desiredSwitchDate));
  w.space(8);

  w.text("4. Clauze", { size: 12, bold: true });
  data.terms.clauses.forEach((clause, i) => w.text(`4.${i + 1}. ${clause}`, { indent: 12, gap: 4 }));
  w.space(8);

  w.text("5. Dreptul de retragere", { size: 12, bold: true });
  w.text(
    "Contractul fiind încheiat la distanță, clientul se poate retrage în termen de 14 zile de la semnare, fără a invoca vreun motiv și fără costuri, din pagina cererii de schimbare.",
    { indent: 12 },
  );
  w.space(16);

  w.text("Semnătura clientului:", { bold: true });
  w.text("(se semnează electronic, în browser, cu codul primit prin SMS)", { size: 9, color: MUTED });
  w.text(`Cererea ${data.switchRequestId}`, { size: 8, color: MUTED });
  return doc.save();
}

/** The unsigned contract, the signature on its last page and an audit page after it. */
export async function signContractPdf(
  unsigned: Uint8Array,
  mark: SignatureMark,
  audit: SignatureAudit,
  fonts: ContractFonts,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(unsigned);
  const embedded = await openWithFonts(doc, fonts);
  const pages = doc.getPages();
  const last = pages[pages.length - 1]!;
  const box = { x: MARGIN, y: MARGIN, width: 220, height: 70 };
  last.drawRectangle({ ...box, borderColor: MUTED, borderWidth: 0.8 });
  if (mark.method === "drawn") {
    const image = await doc.embedPng(mark.png);
    const scale = Math.min((box.width - 10) / image.width, (box.height - 10) / image.height);
    last.drawImage(image, { x: box.x + 5, y: box.y + 5, width: image.width * scale, height: image.height * scale });
  } else {
    last.drawText(mark.name, { x: box.x + 10, y: box.y + 28, size: 18, font: embedded.bold, color: rgb(0.05, 0.15, 0.45) });
  }
  last.drawText(`Semnat electronic la ${formatBucharestInstant(audit.signedAt)}`, {
    x: box.x,
    y: box.y - 12,
    size: 8,
    font: embedded.regular,
    color: MUTED,
  });

  const w = new Writer(doc, embedded);
  w.text("Pagina de audit a semnăturii electronice", { size: 14, bold: true, gap: 10 });
  w.field("Semnatar", audit.signerName);
  w.field("Telefon (cod SMS verificat)", audit.phone);
  w.field("Data și ora (Europe/Bucharest)", formatBucharestInstant(audit.signedAt));
  w.field("Adresa IP", dash(audit.ipAddress));
  w.field("Browser (user agent)", dash(audit.userAgent));
  w.field("Metoda", audit.method === "drawn" ? "semnătură desenată" : "semnătură tastată");
  w.field("SHA-256 al contractului nesemnat", audit.unsignedSha256);
  w.field("Cererea de schimbare", audit.switchRequestId);
  w.space(8);
  w.text(
    "Amprenta SHA-256 identifică exact documentul prezentat semnatarului; orice modificare a contractului nesemnat ar schimba-o.",
    { size: 9, color: MUTED },
  );
  return doc.save();
}
