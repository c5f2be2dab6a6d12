// The static collections in the order the site shows them (see collection-order.ts).
// Pages read the lists through here rather than calling getCollection themselves.
import { getCollection, type CollectionEntry } from 'astro:content';
import { newestEpisodesFirst, sortById } from './collection-order.ts';

type ListCollection = 'practiceAreas' | 'team' | 'podcastEpisodes' | 'partners' | 'careers';
type Data<C extends ListCollection> = CollectionEntry<C>['data'];

const data = async <C extends ListCollection>(name: C): Promise<Data<C>[]> =>
  (await getCollection(name)).map((entry) => entry.data as Data<C>);

export const getPracticeAreas = async () => sortById(await data('practiceAreas'));
export const getTeam = async () => sortById(await data('team'));
export const getEpisodes = async () => newestEpisodesFirst(await data('podcastEpisodes'));
export const getPartners = async () => sortById(await data('partners'));
export const getCareers = async () => sortById(await data('careers'));
