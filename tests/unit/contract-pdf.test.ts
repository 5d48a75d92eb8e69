// The contract PDF and its signed form, read back through the same PDF text reader the app uses.
import { readFileSync } from "node:fs";
import { encode } from "fast-png";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  maskCnp,
  renderContractPdf,
  signContractPdf,
  type ContractData,
} from "../../app/server/switching/contract/contract-pdf.server";
import { readPdfText } from "../../app/server/documents/extraction/pdf-text.server";
import { sha256HexOfBytes } from "../../app/server/documents/storage.server";

const fonts = {
  regular: readFileSync("tests/fixtures/fonts/DejaVuSans.ttf"),
  bold: readFileSync("tests/fixtures/fonts/DejaVuSans-Bold.ttf"),
};

const data: ContractData = {
  switchRequestId: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
  terms: {
    contractNumber: "CF-2026-000042",
    supplierLegalName: "Hidroelectrica S.A.",
    issuedOn: "2026-11-24",
    durationMonths: 12,
    paymentTermDays: 15,
    clauses: ["Prețul energiei active este fix pe durata contractului.", "Clientul poate denunța contractul cu preaviz de 21 de zile."],
  },
  supplier: { name: "Hidroelectrica", website: "https://www.hidroelectrica.ro" },
  customer: {
    firstName: "Ioana",
    lastName: "Ștefănescu",
    cnp: "2960101123456",
    idDocument: "CJ 123456",
    address: "Str. Avram Iancu nr. 12, Cluj-Napoca",
    phone: "+40712345678",
  },
  consumptionPlace: { address: "Str. Avram Iancu nr. 12, Cluj-Napoca", pod: "RO005E512345678", county: "Cluj" },
  offer: { name: "Hidro Casnic Fix 12", pricePerKwh: "1.0612", validFrom: "2026-11-01", validUntil: "2027-10-31", type: "fix" },
  desiredSwitchDate: "2026-12-08",
  titleHolderQuality: "Chiriaș",
  currentSupplierName: "Electrica Furnizare",
};

describe("contract PDF", () => {
  it("masks the CNP to its first and last three digits", () => {
    expect(maskCnp("2960101123456")).toBe("2*********456");
    expect(maskCnp(null)).toBe("—");
  });

  it("prints the customer, the place, the offer and the terms in Romanian, never the whole CNP", async () => {
    const pdf = await renderContractPdf(data, fonts);
    const { text } = await readPdfText(pdf);
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "CONTRACT DE FURNIZARE A ENERGIEI ELECTRICE",
      "Nr. CF-2026-000042 din 24.11.2026",
      "Ștefănescu Ioana",
      "CNP: 2*********456",
      "Calitatea față de locul de consum: Chiriaș",
      "Cod loc de consum (POD): RO005E512345678",
      "Preț final: 1,0612 lei/kWh",
      "Valabilitatea ofertei: 01.11.2026 – 31.10.2027",
      "Data dorită de începere a furnizării: 08.12.2026",
      "4.2. Clientul poate denunța contractul",
      "14 zile",
    ]) {
      expect(flat).toContain(expected);
    }
    expect(flat).not.toContain("2960101123456");
  });

  it("signs with a typed name and adds the audit page with the unsigned contract's SHA-256", async () => {
    const unsigned = await renderContractPdf(data, fonts);
    const unsignedSha256 = await sha256HexOfBytes(unsigned);
    const signed = await signContractPdf(
      unsigned,
      { method: "typed", name: "Ioana Ștefănescu" },
      {
        signerName: "Ioana Ștefănescu",
        phone: "+40712345678",
        signedAt: new Date("2026-11-24T10:15:30Z"),
        ipAddress: "203.0.113.9",
        userAgent: "Mozilla/5.0 Test",
        unsignedSha256,
        method: "typed",
        switchRequestId: data.switchRequestId,
      },
      fonts,
    );
    const before = await PDFDocument.load(unsigned);
    const after = await PDFDocument.load(signed);
    expect(after.getPageCount()).toBe(before.getPageCount() + 1);
    const flat = (await readPdfText(signed)).text.replace(/\s+/g, " ");
    expect(flat).toContain("Pagina de audit a semnăturii electronice");
    expect(flat).toContain(`SHA-256 al contractului nesemnat: ${unsignedSha256}`);
    expect(flat).toContain("Adresa IP: 203.0.113.9");
    // 10:15:30 UTC is 12:15:30 in Bucharest in November (EET, UTC+2).
    expect(flat).toContain("24.11.2026, 12:15:30");
    expect(flat).toContain("Metoda: semnătură tastată");
  });

  it("embeds a drawn signature image", async () => {
    const width = 40;
    const height = 20;
    const pixels = new Uint8Array(width * height * 4).fill(255);
    for (let x = 0; x < width; x++) pixels[(10 * width + x) * 4] = 0;
    const png = encode({ width, height, data: pixels, channels: 4 });
    const unsigned = await renderContractPdf(data, fonts);
    const signed = await signContractPdf(
      unsigned,
      { method: "drawn", png },
      {
        signerName: "Ioana Ștefănescu",
        phone: "+40712345678",
        signedAt: new Date(),
        ipAddress: null,
        userAgent: null,
        unsignedSha256: await sha256HexOfBytes(unsigned),
        method: "drawn",
        switchRequestId: data.switchRequestId,
      },
      fonts,
    );
    expect(signed.byteLength).toBeGreaterThan(unsigned.byteLength);
    expect((await readPdfText(signed)).text).toContain("semnătură desenată");
  });
});
