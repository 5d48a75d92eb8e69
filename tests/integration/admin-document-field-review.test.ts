// Issue #14 item 4 through the Worker: a bill PDF whose totals do not add up goes through the real
// document-processing consumer (text layer → bill reader → verdicts stored with the validation), lands
// in review, and the admin APIs give each field its status, reason and source; a document stored
// before the per-field verdicts existed still opens, its fields without status.
import { SELF, createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldReviewSchema } from "../../app/lib/schemas/admin-documents";
import { createAppContext } from "../../app/server/context.server";
import type { BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import { WORKER_OCR_ASSETS } from "../../app/server/documents/extraction/ocr-assets.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import type { DocumentJob } from "../../app/server/documents/jobs.server";
import { ISSUE_MESSAGES } from "../../app/server/documents/messages.server";
import { sealExtraction } from "../../app/server/documents/pii.server";
import type { Env as AppEnv } from "../../app/server/env.server";
import { ADMIN_TEXTS } from "../../app/texts/admin";
import { consumeDocumentBatch } from "../../workers/queues/document-processing";
import { BASE, createAdmin, openAdminSession, signInThroughApi } from "./auth-helpers";
import { documentRow, storeDocument } from "./documents-helpers";
import dejaVuSans from "../fixtures/fonts/DejaVuSans.ttf";

const R = ADMIN_TEXTS.documentsPage.fieldReview;
const NOW = Date.parse("2026-11-20T10:00:00Z");
let token = "";

beforeAll(async () => {
  const admin = await createAdmin("moderator", { document_verification: true });
  token = await openAdminSession(admin.id);
});

async function adminGet(path: string) {
  const res = await SELF.fetch(`${BASE}${path}`, {
    headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.9.14.4" },
  });
  // Checked field by field below: the shape is the assertion.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** A one-page bill with a text layer and its font embedded, one line per row, as a supplier's PDF has it. */
async function billPdf(lines: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(dejaVuSans, { subset: true });
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 790 - i * 18, size: 11, font }));
  return new Uint8Array(await pdf.save()) as Uint8Array<ArrayBuffer>;
}

const BILL_LINES = [
  "Electrica Furnizare S.A.",
  "Factură seria EFT nr. 10384721",
  "Data emiterii: 05.11.2026",
  "Data scadenței: 20.11.2026",
  "Perioada de facturare: 01.10.2026 - 31.10.2026",
  "Nume client: ȘTEFĂNESCU ANA MARIA",
  "Cod client: 5200100000",
  "Nr. contract: 1023400/2019",
  "Adresa de facturare: Mun. București Sec.3 Str. Țepeș Vodă nr.14",
  "Cod loc de consum (POD): RO005E123456789",
  "Putere aprobată: 6,00 kW",
  "Tip tarif: Monom standard",
  "Consum facturat: 182 kWh",
  "Total fără TVA: 213,45 lei",
  "TVA 21%: 44,82 lei",
  // 213,45 + 44,82 = 258,27: the printed total is 10 lei off.
  "Total de plată: 268,27 lei",
];

async function process(doc: { id: string; userId: string }) {
  const job: DocumentJob = { documentId: doc.id, userId: doc.userId, reason: "upload" };
  const batch = createMessageBatch<unknown>("document-processing", [
    { id: `field-review-${doc.id}`, timestamp: new Date(NOW), attempts: 1, body: job },
  ]);
  const ctx = createExecutionContext();
  const ocr = async () => (await getOcrEngine(WORKER_OCR_ASSETS)).engine;
  await consumeDocumentBatch(batch, createAppContext(env as unknown as AppEnv), { ocr, now: () => NOW });
  return getQueueResult(batch, ctx);
}

describe(
  "per-field status, reason and source in the admin document APIs (issue #14 item 4)",
  { timeout: 120_000 },
  () => {
    it("gives a bill whose totals do not add up, read by the real consumer, the failed field's status and reason", async () => {
      const user = await signInThroughApi();
      const doc = await storeDocument(user.userId, "ultima_factura", {
        bytes: await billPdf(BILL_LINES),
        mimeType: "application/pdf",
        name: "factura-totaluri.pdf",
      });
      expect((await process(doc)).retryMessages).toEqual([]);
      // Every field read, but a required one failed its check: left for an admin, not verified.
      expect(await documentRow(doc.id)).toMatchObject({ status: "pending", processing_method: "pdf_text" });

      const { status, body } = await adminGet(`/api/admin/documents/${doc.id}/details`);
      expect(status).toBe(200);
      const reviews = body.data.extractedData.field_reviews as unknown[];
      for (const review of reviews) expect(fieldReviewSchema.safeParse(review).success).toBe(true);
      const byField = Object.fromEntries(reviews.map((r) => fieldReviewSchema.parse(r)).map((r) => [r.field, r]));
      expect(byField.totalWithVat).toEqual({
        field: "totalWithVat",
        status: "failed",
        required: true,
        reason: { code: "bill_totals_inconsistent", message: ISSUE_MESSAGES.bill_totals_inconsistent },
        source: { code: "label", label: R.sources.label, confirmed_by: [] },
      });
      expect(byField.billDate).toMatchObject({ status: "ok", required: true, reason: null, source: { code: "label" } });
      // The VAT is 21 % of the amount without VAT: that check held, and says so in the VAT's source.
      expect(byField.vat!.source!.confirmed_by).toContainEqual({ code: "vat_rate", label: R.confirmedBy.vat_rate });

      // The review dialog's own call carries the same verdicts beside each value.
      const detail = await adminGet(`/api/admin/documents/${doc.id}`);
      expect(detail.status).toBe(200);
      const total = detail.body.data.fields.find((f: { field: string }) => f.field === "totalWithVat");
      expect(total).toMatchObject({
        value: "268.27",
        status: "failed",
        required: true,
        reason: { code: "bill_totals_inconsistent" },
        source: { code: "label" },
      });
    });

    it("still opens a document stored before the per-field verdicts: 200, fields without status", async () => {
      const user = await signInThroughApi();
      const doc = await storeDocument(user.userId, "ultima_factura", null, {
        status: "pending",
        processedAt: NOW,
        confidence: 0.62,
      });
      // A reading and a validation as they were stored before issue #14: no fieldSource, checks or fields.
      const reading: BillExtraction = {
        kind: "bill",
        supplierName: "Electrica Furnizare",
        billNumber: "EFT 10384721",
        billDate: "2026-11-05",
        dueDate: null,
        periodStart: null,
        periodEnd: null,
        pod: "RO005E123456789",
        clientCode: null,
        contractNumber: null,
        customerName: "ȘTEFĂNESCU ANA MARIA",
        billingAddress: "Str. Tepes Voda nr. 14",
        consumptionKwh: 182,
        tariffType: null,
        totalWithoutVat: null,
        vat: null,
        totalWithVat: "258.27",
        currency: "RON",
        contractedPowerKw: null,
        pricePerKwh: "1.4190",
        pricePerKwhSource: "total_with_vat",
        missingFields: [
          "dueDate",
          "periodStart",
          "periodEnd",
          "clientCode",
          "contractNumber",
          "tariffType",
          "totalWithoutVat",
          "vat",
          "contractedPowerKw",
        ],
      };
      const sealed = await sealExtraction(env as unknown as AppEnv, doc.id, reading);
      const validation = {
        confidence: 0.62,
        isValid: true,
        issues: [
          {
            code: "fields_missing",
            message: ISSUE_MESSAGES.fields_missing,
            field: "dueDate",
            severity: "warning",
            blocking: false,
          },
        ],
      };
      await env.DB.prepare(
        "UPDATE documents SET extracted_data_json = ?, pii_encrypted = ?, validation_json = ?, processing_method = 'pdf_text' WHERE id = ?",
      )
        .bind(sealed.extractedDataJson, sealed.piiEncrypted, JSON.stringify(validation), doc.id)
        .run();

      const details = await adminGet(`/api/admin/documents/${doc.id}/details`);
      expect(details.status).toBe(200);
      const reviews = details.body.data.extractedData.field_reviews as {
        field: string;
        status: unknown;
        reason: unknown;
        source: unknown;
      }[];
      expect(reviews.length).toBeGreaterThan(0);
      for (const review of reviews)
        expect(review).toMatchObject({ status: null, required: null, reason: null, source: null });
      expect(details.body.data.extractedData.extracted_fields).toMatchObject({
        pod: "RO005E123456789",
        totalWithVat: "258.27",
      });

      const detail = await adminGet(`/api/admin/documents/${doc.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data.fields.find((f: { field: string }) => f.field === "pod")).toMatchObject({
        value: "RO005E123456789",
        status: null,
        reason: null,
        source: null,
      });
    });
  },
);
