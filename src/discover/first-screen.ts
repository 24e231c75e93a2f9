// The Discover home's first screen (a 412x823 phone): the recommended row and the first category sections, each
// showing its first cards whole. Their posters load at once and first (eager, fetchpriority high); index.html's inline
// script preloads the category rows' ones as soon as its early preview answers are there, before the app's JavaScript
// runs (the recommended row is shuffled here, so it cannot know that one). It repeats these numbers:
// tests/api/early.test.ts keeps them equal.

import { discoverConfig } from './config';

/** The cards of a home row that show whole on the first screen. */
export const firstScreenCards = Math.floor(discoverConfig.rowCardsAcross);

/** Whether category section `index` (0-based, under the recommended row) is on the first screen. */
export const sectionOnFirstScreen = (index: number): boolean => index < discoverConfig.eagerSections;
