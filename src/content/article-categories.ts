// What the article categories are called on the Kiswahili pages, for those
// someone has translated. The categories themselves come from the articles
// (the CMS's articleCategory, underscore-separated words): the build shows,
// offers and accepts whichever categories have articles. A category missing
// here shows its English name (categoryLabel), marked as English, on the
// Kiswahili pages, until its name is added here (docs/content.md, "Categories").
export const kiswahiliCategoryNames: Readonly<Record<string, string>> = {
  Banking_and_Finance: 'Benki na Fedha',
  Commercial_Law: 'Sheria ya Biashara',
  Data_Protection: 'Ulinzi wa Data',
  Dispute_Resolution: 'Utatuzi wa Migogoro',
  Employment_Law: 'Sheria ya Ajira',
  Estate_Planning: 'Mipango ya Mirathi',
  Immigration: 'Uhamiaji',
  Land_and_Conveyancing: 'Ardhi na Uhamishaji wa Mali',
  Legal_Audit_and_Compliance: 'Ukaguzi wa Kisheria na Uzingatiaji',
  Tax_Law: 'Sheria ya Kodi',
};
