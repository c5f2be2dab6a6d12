// The article categories of the content model (the CMS's ArticleCategory enum,
// src/lib/articles/schema.graphql; a unit test keeps the two in step), with what
// each is called on the Kiswahili pages. English shows the CMS's name with the
// underscores as spaces (categoryLabel). Article alerts are subscribed to by
// these categories' slugs (`land-and-conveyancing`), so a category added in the
// CMS is added here too.
export const articleCategories = {
  Banking_and_Finance: { sw: 'Benki na Fedha' },
  Commercial_Law: { sw: 'Sheria ya Biashara' },
  Data_Protection: { sw: 'Ulinzi wa Data' },
  Dispute_Resolution: { sw: 'Utatuzi wa Migogoro' },
  Employment_Law: { sw: 'Sheria ya Ajira' },
  Estate_Planning: { sw: 'Mipango ya Mirathi' },
  Immigration: { sw: 'Uhamiaji' },
  Land_and_Conveyancing: { sw: 'Ardhi na Uhamishaji wa Mali' },
  Legal_Audit_and_Compliance: { sw: 'Ukaguzi wa Kisheria na Uzingatiaji' },
  Tax_Law: { sw: 'Sheria ya Kodi' },
} as const satisfies Record<string, { sw: string }>;

export type ArticleCategoryName = keyof typeof articleCategories;
