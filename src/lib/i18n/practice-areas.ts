// A practice area as a page in one language shows it: its words in that
// language (the entry's `sw` beside the English, src/content/practice-areas/)
// and its link to the page in that language.
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { pathInLanguage } from './paths.ts';

interface Service {
  id: number;
  title: string;
  description: string;
}

/** The fields of a practice area that this reads; the collection's entries have them all. */
export interface TranslatablePracticeArea {
  title: string;
  description: string;
  link: string;
  action_title: string;
  definition: string;
  explanation: readonly string[];
  service_list: readonly Service[];
  service_description?: readonly string[] | undefined;
  success_stories?: readonly { title: string; text: string }[] | undefined;
  sw?:
    | {
        title: string;
        description: string;
        action_title: string;
        definition: string;
        explanation: readonly string[];
        service_list: readonly { title: string; description: string }[];
        service_description?: readonly string[] | undefined;
        success_stories?: readonly { title: string; text: string }[] | undefined;
      }
    | undefined;
}

/**
 * The area in `language`. The content schema requires the Kiswahili of every
 * area when the site is in Kiswahili, so an area reaches a /sw/ page with it;
 * one without (a site in English only) is returned in English.
 */
export function practiceAreaIn<A extends TranslatablePracticeArea>(area: A, language: Language): A {
  const words = language === 'sw' ? area.sw : undefined;
  if (language === DEFAULT_LANGUAGE || !words) return area;
  return {
    ...area,
    title: words.title,
    description: words.description,
    link: pathInLanguage(area.link, language),
    action_title: words.action_title,
    definition: words.definition,
    explanation: words.explanation,
    // The numbers stay the English list's: the translation is the same services in the same order.
    service_list: area.service_list.map((service, index) => ({ ...service, ...words.service_list[index] })),
    service_description: words.service_description,
    success_stories: words.success_stories,
  };
}
