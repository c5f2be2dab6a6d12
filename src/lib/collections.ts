// The static collections in the order the site shows them (see collection-order.ts).
// Pages read the lists through here rather than calling getCollection themselves.
import { getCollection } from 'astro:content';
import { newestEpisodesFirst, sortByUniqueId } from './collection-order.ts';

export const getPracticeAreas = async () => sortByUniqueId(await getCollection('practiceAreas'));
export const getTeam = async () => sortByUniqueId(await getCollection('team'));
export const getEpisodes = async () =>
  newestEpisodesFirst((await getCollection('podcastEpisodes')).map((entry) => entry.data));
export const getPartners = async () => sortByUniqueId(await getCollection('partners'));
export const getCareers = async () => sortByUniqueId(await getCollection('careers'));
