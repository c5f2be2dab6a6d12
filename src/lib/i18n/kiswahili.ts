// Counting in Kiswahili. A number agrees with the class of its noun: "maeneo
// manane" (ma- class: areas), "hatua nane" (n- class: steps). Up to ten in
// words, as a Kenyan writer would put it in running text; above that, digits.

/** The noun classes the site counts in: `ma` (eneo/maeneo), `n` (hatua/hatua). */
export type NounClass = 'ma' | 'n';

const NUMBERS: Readonly<Record<NounClass, readonly string[]>> = {
  ma: ['', 'moja', 'mawili', 'matatu', 'manne', 'matano', 'sita', 'saba', 'manane', 'tisa', 'kumi'],
  n: ['', 'moja', 'mbili', 'tatu', 'nne', 'tano', 'sita', 'saba', 'nane', 'tisa', 'kumi'],
};

/** 8, 'eneo', 'maeneo', 'ma' → "maeneo manane"; 1 → "eneo moja"; 12 → "maeneo 12". */
export function kiswahiliCount(n: number, singular: string, plural: string, nounClass: NounClass): string {
  const noun = n === 1 ? singular : plural;
  const word = Number.isInteger(n) && n > 0 ? NUMBERS[nounClass][n] : undefined;
  return `${noun} ${word ?? String(n)}`;
}
