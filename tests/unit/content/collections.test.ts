import { describe, expect, it } from 'vitest';
import {
  HOME_CAROUSEL_SIZE,
  homeCarouselPracticeAreas,
  newestEpisodesFirst,
  sortById,
  sortByUniqueId,
} from '../../../src/lib/collection-order.ts';

const withIds = (...ids: number[]) => ids.map((id) => ({ id, title: `Area ${id}` }));

describe('the order of the static lists', () => {
  it('keeps practice areas, team members, partners and careers in id order, whatever the file order', () => {
    expect(sortById(withIds(89, 3, 0, 7)).map((item) => item.id)).toEqual([0, 3, 7, 89]);
  });

  it('does not reorder the list it is given', () => {
    const items = withIds(2, 1);
    sortById(items);
    expect(items.map((item) => item.id)).toEqual([2, 1]);
  });

  it('keeps the entries of a folder in id order, whatever their file names', () => {
    const entries = [
      { id: 'zawadi-mwende', filePath: 'src/content/team/zawadi-mwende.json', data: { id: 3 } },
      { id: 'abdi-hassan', filePath: 'src/content/team/abdi-hassan.json', data: { id: 10 } },
      { id: 'omar-said', filePath: 'src/content/team/omar-said.json', data: { id: 0 } },
    ];
    expect(sortByUniqueId(entries).map((data) => data.id)).toEqual([0, 3, 10]);
  });

  it('fails, naming both files, when two entries share an id', () => {
    const entries = [
      { id: 'family-law', filePath: 'src/content/practice-areas/family-law.json', data: { id: 8 } },
      { id: 'tax-advisory', filePath: 'src/content/practice-areas/tax-advisory.json', data: { id: 2 } },
      { id: 'maritime-law', filePath: 'src/content/practice-areas/maritime-law.json', data: { id: 8 } },
    ];
    expect(() => sortByUniqueId(entries)).toThrow(
      'src/content/practice-areas/family-law.json and src/content/practice-areas/maritime-law.json both have id 8',
    );
  });

  it('lists podcast episodes newest first', () => {
    const episodes = [3, 11, 1, 2].map((episode_no) => ({ episode_no }));
    expect(newestEpisodesFirst(episodes).map((episode) => episode.episode_no)).toEqual([11, 3, 2, 1]);
  });
});

describe('the home carousel', () => {
  it(`shows the first ${HOME_CAROUSEL_SIZE} practice areas by id when the firm has more`, () => {
    expect(homeCarouselPracticeAreas(withIds(8, 0, 1, 2, 3, 4, 5, 6, 7)).map((area) => area.id)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it('shows every practice area when the firm has fewer', () => {
    expect(homeCarouselPracticeAreas(withIds(2, 0, 1)).map((area) => area.id)).toEqual([0, 1, 2]);
  });
});
