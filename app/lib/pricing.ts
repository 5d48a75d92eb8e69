// Final household price of an offer in a distribution zone, from its regulated components.
import { applyRate, decimalToMicro } from "./money";

export interface RegulatedCharges {
  vatRate: string;
  transportLeiPerKwh: string;
  systemServicesLeiPerKwh: string;
  greenCertificatesLeiPerKwh: string;
  cogenerationLeiPerKwh: string;
  exciseLeiPerKwh: string;
}

export interface PriceBreakdown {
  energyMicroLei: number;
  distributionMicroLei: number;
  regulatedMicroLei: number;
  vatMicroLei: number;
  totalMicroLei: number;
}

/** (energy + distribution + transport + system services + green certificates + cogeneration + excise) × (1 + VAT). */
export function finalPricePerKwh(
  energyLeiPerKwh: string,
  distributionLeiPerKwh: string,
  charges: RegulatedCharges,
): PriceBreakdown {
  const energyMicroLei = decimalToMicro(energyLeiPerKwh);
  const distributionMicroLei = decimalToMicro(distributionLeiPerKwh);
  const regulatedMicroLei = [
    charges.transportLeiPerKwh,
    charges.systemServicesLeiPerKwh,
    charges.greenCertificatesLeiPerKwh,
    charges.cogenerationLeiPerKwh,
    charges.exciseLeiPerKwh,
  ].reduce((sum, part) => sum + decimalToMicro(part), 0);
  const net = energyMicroLei + distributionMicroLei + regulatedMicroLei;
  const vatMicroLei = applyRate(net, charges.vatRate);
  return {
    energyMicroLei,
    distributionMicroLei,
    regulatedMicroLei,
    vatMicroLei,
    totalMicroLei: net + vatMicroLei,
  };
}

/** Yearly cost in bani for a monthly consumption: price × kWh × 12 + fee × 12. */
export function annualCostBani(totalMicroLei: number, monthlyKwh: number, monthlyFeeBani: number): number {
  const energyBani = Math.round((totalMicroLei * monthlyKwh * 12) / 10_000);
  return energyBani + monthlyFeeBani * 12;
}
