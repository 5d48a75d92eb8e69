// Bill round 33 (issue #14): a bill whose consumption is printed only as the billed month's bar label in a
// six-month chart; figures grouped by a thin space; a payment slip repeating the total with a dot decimal;
// scans with the back side's print showing through. What its first reading got wrong, each as the
// general rule it broke.
import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { readPdfText } from "../../app/server/documents/extraction/pdf-text.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

const MONTHS = ["aug 25", "sep 25", "oct 25", "noi 25", "dec 25", "ian 26"];

/** A bill with no index and no quantity: its consumption only in a chart's row of figures over the months. */
function chartBill(chartRows: string[], period = "01.01.2026 - 31.01.2026"): string {
  return [
    "HIDROELECTRICA\tFactură energie electrică",
    "Seria/Nr. HGC 2175120",
    "Client\tData facturii\t01.02.2026",
    "OANA IONIȚĂ\tData scadenței\t16.02.2026",
    `Șos.Pantelimon nr.130 bl.C5 ap.30\tPerioada\t${period}`,
    "Mun.București Sec.2\tCod POD\tRO004E214037210",
    "Cod client: 5722657174\tProdus\tHidro Casnic Fix 24",
    "Nr. contract: 792713/2021\tPutere aprobată\t5 kW",
    "Consumul dumneavoastră (kWh)",
    "Ultimele șase luni; luna facturată este marcată.",
    ...chartRows,
    "Denumire\tValoare (lei)",
    "Energie electrică activă\t140,10",
    "Tarif distribuție și transport\t58,80",
    "Certificate verzi\t13,17",
    "Contribuție cogenerare\t1,08",
    "Acciză\t1,31",
    "Total fără TVA\t214,46 lei",
    "TVA 21%\t45,04 lei",
    "Total de plată\t259,50 lei",
  ].join("\n");
}

/** A one-page PDF with a bar chart: each bar's figure printed over it at the bar's height, the months under. */
async function chartPdf(kwh: number[], months = MONTHS): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText("Consumul dumneavoastra (kWh)", { x: 46, y: 700, size: 9, font });
  const most = Math.max(...kwh);
  const base = 560;
  kwh.forEach((value, i) => {
    const centre = 96 + i * 78;
    const label = String(value);
    const height = (value / most) * 90;
    page.drawRectangle({ x: centre - 20, y: base, width: 40, height });
    page.drawText(label, { x: centre - font.widthOfTextAtSize(label, 8) / 2, y: base + height + 4, size: 8, font });
    page.drawText(months[i]!, { x: centre - font.widthOfTextAtSize(months[i]!, 7) / 2, y: base - 11, size: 7, font });
  });
  page.drawText("Total de plata  259,50 lei", { x: 46, y: 500, size: 9, font });
  return doc.save();
}

describe("bill round 33: the consumption printed only as a chart's bar labels", () => {
  it("reads a chart's bar labels in their months' order, not by their bars' heights", async () => {
    const { text } = await readPdfText(await chartPdf([283, 225, 166, 332, 274, 234]));
    const lines = text.split("\n");
    const axis = lines.findIndex((line) => line.startsWith("aug 25"));
    expect(lines[axis - 1]).toBe("283\t225\t166\t332\t274\t234");
  });

  it("leaves figures already on one row (a history table) as they are", async () => {
    const { text } = await readPdfText(await chartPdf([200, 200, 200, 200, 200, 200]));
    expect(text.split("\n").filter((line) => line === "200\t200\t200\t200\t200\t200")).toHaveLength(1);
  });

  it("takes the billed month's figure as the consumption, below sure, and the price from it", () => {
    const parsed = parseBillText(chartBill(["283\t225\t166\t332\t274\t234", MONTHS.join("\t")]));
    expect(parsed.consumptionKwh).toBe(234);
    expect(parsed.pricePerKwh).toBe("1.1090");
    expect(parsed.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
    expect(parsed.fieldConfidence?.pricePerKwh).toBeLessThan(0.9);
  });

  it("takes the month the period names, wherever it stands in the chart", () => {
    const parsed = parseBillText(
      chartBill(["283\t225\t166\t332\t274\t234", MONTHS.join("\t")], "01.11.2025 - 30.11.2025"),
    );
    expect(parsed.consumptionKwh).toBe(332);
  });

  it("reads nothing from a chart for a period of several months, nor from one missing the billed month", () => {
    expect(
      parseBillText(chartBill(["283\t225\t166\t332\t274\t234", MONTHS.join("\t")], "01.12.2025 - 31.01.2026"))
        .consumptionKwh,
    ).toBeNull();
    expect(
      parseBillText(chartBill(["283\t225\t166\t332\t274\t234", MONTHS.join("\t")], "01.03.2026 - 31.03.2026"))
        .consumptionKwh,
    ).toBeNull();
  });
});

describe("bill round 33: scans", () => {
  it("takes a period start's year from its end when the start read is over a year before it", () => {
    const parsed = parseBillText(
      chartBill(["283\t225\t166\t332\t274\t234", MONTHS.join("\t")], "01.01.2025 - 31.01.2026"),
    );
    expect(parsed.periodStart).toBe("2026-01-01");
    expect(parsed.periodEnd).toBe("2026-01-31");
    expect(parsed.fieldConfidence?.periodStart).toBeLessThan(0.9);
  });

  it("keeps a year-long period (a regularisation) as read", () => {
    const parsed = parseBillText(chartBill([], "01.02.2025 - 31.01.2026"));
    expect(parsed.periodStart).toBe("2025-02-01");
  });

  it("reads a place name's capital I read as '!' after its abbreviation as an I", () => {
    expect(repairOcrText("Jud.IS Mun.!ași Str.Mihai Eminescu nr.59")).toBe("Jud.IS Mun.Iași Str.Mihai Eminescu nr.59");
    expect(repairOcrText("Jud.IS Mun !ași")).toBe("Jud.IS Mun.Iași");
  });

  it("puts back an amount's 'lei' cut to its first letter and joined to the bani", () => {
    expect(repairOcrText("Total de plată\t1182,35l\ti")).toBe("Total de plată\t1182,35 lei\ti");
    expect(repairOcrText("Total de plată\t1.182,35I")).toBe("Total de plată\t1.182,35 lei");
  });

  it("reads the consumption from a meter row's two readings whose difference two charge rows bill", () => {
    const text = [
      "ENGIE\tFACTURĂ FISCALĂ",
      "Seria și nr.:\tESM 0072074",
      "Data emiterii: 04.05.2025",
      "Cod client: 2006231363\tPerioada de facturare: 01.04.2025 - 30.04.2025",
      "son sun\tLR)",
      "Energie activă (citire distribuitor)\t19541\t20437\t8'6",
      "Energie electrică activă\t896\t0,7911\t708£3",
      "Tarif distribuţie și transport\t896\t0.2513\t225,5",
      "Certificate verzi\t896\t9,0563\t5044",
      "Total fără TVA\t993,57 lei",
      "TVA 19%\t188,78 lei",
      "Total de plată\t1182,35 lei",
    ].join("\n");
    const parsed = parseBillText(text);
    expect(parsed.consumptionKwh).toBe(896);
    expect(parsed.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
  });

  it("reads the date after the bill's number ('Nr. TTP 4900691 din 14.04.2026') as its issue date, below sure", () => {
    const parsed = parseBillText(
      [
        "FACTURĂ",
        "Nr. TTP 4900691 din 14.04.2026",
        "Perioada: 01.03.2026 - 31.03.2026",
        "Total de plată\t296,80 lei",
      ].join("\n"),
    );
    expect(parsed.billDate).toBe("2026-04-14");
    expect(parsed.fieldConfidence?.billDate).toBeLessThan(0.9);
  });

  it("takes a due date's year from the issue's when the due date read is months before it", () => {
    const text = [
      "FACTURĂ",
      "Nr. TTP 4900691 din 14.04.2026",
      repairOcrText("Termen de plată: 29-04 2025"),
      "Perioada: 01.03.2026 - 31.03.2026",
      "Total de plată\t296,80 lei",
    ].join("\n");
    const parsed = parseBillText(text);
    expect(parsed.dueDate).toBe("2026-04-29");
    expect(parsed.fieldConfidence?.dueDate).toBeLessThan(0.9);
  });
});
