import { describe, expect, it } from 'vitest';
import { HOME_CAROUSEL_SIZE, homeCarouselPracticeAreas, newestEpisodesFirst, sortById } from '../../../src/lib/collection-order.ts';

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

  it('lists podcast episodes newest first', () => {
    const episodes = [3, 11, 1, 2].map((episode_no) => ({ episode_no }));
    expect(newestEpisodesFirst(episodes).map((episode) => episode.episode_no)).toEqual([11, 3, 2, 1]);
  });
});

describe('the home carousel', () => {
  it(`shows the first ${HOME_CAROUSEL_SIZE} practice areas by id when the firm has more`, () => {
    expect(homeCarouselPracticeAreas(withIds(8, 0, 1, 2, 3, 4, 5, 6, 7)).map((area) => area.id)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('shows every practice area when the firm has fewer', () => {
    expect(homeCarouselPracticeAreas(withIds(2, 0, 1)).map((area) => area.id)).toEqual([0, 1, 2]);
  });
});
