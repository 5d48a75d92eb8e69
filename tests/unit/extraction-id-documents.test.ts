// The whole reader (OCR included) on the identity documents added for issue #14: electronic cards,
// passports and a card valid without limit, each as a straight scan and as a photo taken at an
// angle under the tuning conditions (tests/fixtures/id-photos.ts). The held-out photos are read only
// by bench/extraction.mjs.
import { describe, expect, it } from "vitest";
import { extractDocument } from "../../app/server/documents/extraction/extract-document.server";
import { getOcrEngine } from "../../app/server/documents/extraction/ocr.server";
import { foldRomanian } from "../../app/lib/text-normalize";
import { FIXTURE_NOW, moreIdFixtures, readGenerated } from "../fixtures/documents";
import { nodeOcrAssets } from "../fixtures/node-ocr";

const ocr = async () => (await getOcrEngine(nodeOcrAssets())).engine;

describe("identity documents beyond the classic card (Node, real OCR)", { timeout: 120_000 }, () => {
  for (const fixture of moreIdFixtures()) {
    it(`${fixture.cardType} ${fixture.variant}: ${fixture.file}`, async () => {
      const result = await extractDocument({ bytes: readGenerated(fixture.file), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr });
      const data = result.extractedData;
      if (data.kind !== "id_card") throw new Error(`read as ${data.kind}`);
      expect(data.cardType).toBe(fixture.cardType);
      expect(data.documentSubtype).toBe(fixture.cardType === "pasaport" ? "pasaport" : "ci");
      expect(data.mrz).toMatchObject({ valid: true, format: fixture.cardType === "pasaport" ? "TD3" : fixture.cardType === "cei" ? "TD1" : "TD2" });
      // Fields the zone's check digits protect must be exact; printed ones are compared without diacritics.
      const { truth } = fixture;
      expect(data).toMatchObject({ cnp: truth.cnp, sex: truth.sex, birthDate: truth.birthDate, number: truth.number, series: truth.series, expiryDate: truth.expiryDate, issueDate: truth.issueDate });
      expect(foldRomanian(data.lastName ?? "")).toBe(foldRomanian(truth.lastName));
      expect(data.validityUnlimited).toBe(truth.expiryDate === null);
      expect(data.cnpCountyMatchesBirthPlace === false).toBe(false);
      // A photo's card is found, cut out and straightened before it is read.
      if (fixture.variant === "photo") expect(result.ocr?.cardStraightened).toBe(true);
    });
  }
});
