// Diacritics- and case-insensitive matching of Romanian names ("Județul Brașov" ~ "judetul brasov").
export function foldRomanian(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "") // combining marks, including the cedilla of legacy ş/ţ
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
