import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { firmSchema, practiceAreaSchema } from '../../../src/content/schemas.ts';
import { practiceAreaIn } from '../../../src/lib/i18n/practice-areas.ts';
import { formatArticleDate, readingTimeLabel } from '../../../src/lib/articles/format.ts';
import { anyImage, firmCopy, practiceArea } from '../../support/content-fixtures.ts';
import { readPracticeAreas } from '../../support/content.ts';
import { transferChecklist } from '../../../src/content/property-transfer.ts';
import { interfaceText } from '../../../src/content/interface-text.ts';

const kiswahili = () => ({
  title: 'Sheria ya Familia',
  description: 'Talaka, malezi ya watoto na matunzo.',
  action_title: 'Masuala ya familia, yakishughulikiwa kwa uangalifu',
  definition: 'Sheria ya familia inaongoza ndoa, watoto na nyumbani.',
  explanation: ['Tunawawakilisha wazazi na wanandoa.'],
  service_list: [
    { title: 'Talaka', description: 'Maombi na makubaliano.' },
    { title: 'Malezi', description: 'Mipango kwa ajili ya watoto.' },
  ],
});

const areaInBoth = () => ({ ...practiceArea(), sw: kiswahili() });

const firmInBoth = () => ({
  ...firmCopy(),
  sw: {
    descriptions: {
      home: 'Kampuni ndogo ya mawakili mjini Mombasa inayoshauri familia, wafanyabiashara na mawakala wa meli.',
      about: 'Ilianzishwa mwaka 2021 na mawakili wawili waliokulia Mombasa, katika pwani ya Kenya.',
    },
    hero: { tagline: 'Ushauri kwa pwani.', subTagline: 'Kampuni ndogo mjini Mombasa.' },
    clientProcess: ['Kusikiliza', 'Kukubaliana', 'Kutenda'].map((title) => ({ title, description: `${title}.` })),
    whatSetsUsApart: {
      heading: 'Kwa Nini Sisi',
      intro: 'Washirika wawili.',
      items: [{ title: 'Ujuzi wa Pwani', description: 'Tunaijua pwani.' }],
    },
    about: {
      heroImageAlts: ['Bandari'],
      history: ['Ilianzishwa 2021.'],
      mission: 'Ushauri ulio wazi.',
      vision: 'Simu ya kwanza pwani.',
      values: ['Ukweli', 'Huruma'].map((title) => ({ title, description: `${title}.` })),
    },
    whoWeAre: { heading: 'Kuhusu Sisi', lead: 'Kampuni ya washirika wawili.', paragraphs: ['Tunashauri familia.'] },
    openingDays: 'Jumatatu hadi Ijumaa',
  },
});

const failingFields = (schema: z.ZodType, data: unknown) => {
  const result = schema.safeParse(data);
  expect(result.success, 'the entry should be rejected').toBe(false);
  return result.error!.issues.map((issue) => issue.path.join('.'));
};

describe('Kiswahili copy in the content', () => {
  it('is required of a practice area while the site is in Kiswahili, naming the field', () => {
    expect(failingFields(practiceAreaSchema(anyImage, ['en', 'sw']), practiceArea())).toEqual(['sw']);
    expect(practiceAreaSchema(anyImage, ['en', 'sw']).safeParse(areaInBoth()).success).toBe(true);
  });

  it('may be left out of a practice area when the site is in English only', () => {
    expect(practiceAreaSchema(anyImage, ['en']).safeParse(practiceArea()).success).toBe(true);
    expect(practiceAreaSchema(anyImage).safeParse(practiceArea()).success).toBe(true);
  });

  it('must list as many services as the English, and have success stories only where the English has', () => {
    const short = { ...areaInBoth(), sw: { ...kiswahili(), service_list: kiswahili().service_list.slice(1) } };
    expect(failingFields(practiceAreaSchema(anyImage, ['en', 'sw']), short)).toEqual(['sw.service_list']);
    const stories = {
      ...areaInBoth(),
      sw: { ...kiswahili(), success_stories: [{ title: 'Ushindi', text: 'Tulishinda.' }] },
    };
    expect(failingFields(practiceAreaSchema(anyImage, ['en', 'sw']), stories)).toEqual(['sw.success_stories']);
  });

  it('may have its success stories emptied ([]) with the English, or left out, both read as none', () => {
    const stories = [{ title: 'Ushindi', text: 'Tulishinda.' }];
    const schema = practiceAreaSchema(anyImage, ['en', 'sw']);
    for (const sw of [{ ...kiswahili(), success_stories: [] }, kiswahili()]) {
      const area = schema.parse({ ...areaInBoth(), success_stories: [], sw });
      expect(area.success_stories).toBeUndefined();
      expect(area.sw?.success_stories).toBeUndefined();
      expect(practiceAreaIn(area, 'sw').success_stories).toBeUndefined();
    }
    const emptiedInEnglishOnly = {
      ...areaInBoth(),
      success_stories: [],
      sw: { ...kiswahili(), success_stories: stories },
    };
    expect(failingFields(schema, emptiedInEnglishOnly)).toEqual(['sw.success_stories']);
    const emptiedInKiswahiliOnly = {
      ...areaInBoth(),
      success_stories: stories,
      sw: { ...kiswahili(), success_stories: [] },
    };
    expect(failingFields(schema, emptiedInKiswahiliOnly)).toEqual(['sw.success_stories']);
  });

  it('is required of the firm copy while the site is in Kiswahili, with as many steps and values as the English', () => {
    expect(failingFields(firmSchema(anyImage, ['en', 'sw']), firmCopy())).toEqual(['sw']);
    expect(firmSchema(anyImage, ['en']).safeParse(firmCopy()).success).toBe(true);
    expect(firmSchema(anyImage, ['en', 'sw']).safeParse(firmInBoth()).success).toBe(true);
    const copy = firmInBoth();
    copy.sw.clientProcess.pop();
    expect(failingFields(firmSchema(anyImage, ['en', 'sw']), copy)).toEqual(['sw.clientProcess']);
  });

  it('is what a Kiswahili page shows of a practice area, with its link under /sw/ and the services’ numbers', () => {
    const area = practiceAreaIn(areaInBoth(), 'sw');
    expect(area.title).toBe('Sheria ya Familia');
    expect(area.link).toBe('/sw/practice-area/family-law');
    expect(area.service_list).toEqual([
      { id: 1, title: 'Talaka', description: 'Maombi na makubaliano.' },
      { id: 2, title: 'Malezi', description: 'Mipango kwa ajili ya watoto.' },
    ]);
    expect(practiceAreaIn(areaInBoth(), 'en')).toEqual(areaInBoth());
  });

  it('is in every one of this firm’s practice areas', () => {
    for (const area of readPracticeAreas()) {
      expect(practiceAreaSchema(() => z.string(), ['en', 'sw']).safeParse(area).success, area.url_param).toBe(true);
    }
  });
});

describe('the property costs estimator in Kiswahili', () => {
  it('lists what a transfer needs, item for item as the English does', () => {
    expect(transferChecklist.sw).toHaveLength(transferChecklist.en.length);
    expect(transferChecklist.sw.map((item) => item.title)).toContain(
      'Idhini ya Bodi ya Udhibiti wa Ardhi, kwa ardhi ya kilimo',
    );
  });

  it('names the duties and taxes as Kenyan lawyers do', () => {
    const words = interfaceText.sw.propertyCosts.estimator;
    expect(words.stampDuty).toMatch(/^Ushuru wa stempu/);
    expect(words.capitalGainsTax).toMatch(/^Kodi ya faida ya mtaji/);
  });
});

describe('dates and reading times on a Kiswahili page', () => {
  it('are written as Kenya writes them in Kiswahili (sw-KE)', () => {
    expect(formatArticleDate({ date: '2024-03-05', updatedAt: '' }, 'sw')).toBe('5 Machi 2024');
    expect(formatArticleDate({ date: '2024-03-05', updatedAt: '' })).toBe('March 5, 2024');
    expect(readingTimeLabel(7, 'sw')).toBe('Dakika 7 za kusoma');
    expect(readingTimeLabel(7)).toBe('7 min read');
  });
});
