// The help guide's content (spec 2 §2.7): four sections of tips, as i18n keys
// (full literals, so the key check finds each one).

export interface HelpSection {
  id: 'play' | 'features' | 'discover' | 'source';
  title: string;
  tips: readonly string[];
}

export const helpSections: readonly HelpSection[] = [
  {
    id: 'play',
    title: 'help:sections.play.title',
    tips: ['help:sections.play.swipe', 'help:sections.play.tap', 'help:sections.play.mute', 'help:sections.play.progress', 'help:sections.play.zoom', 'help:sections.play.fullscreen'],
  },
  {
    id: 'features',
    title: 'help:sections.features.title',
    tips: ['help:sections.features.fullVideo', 'help:sections.features.random', 'help:sections.features.points', 'help:sections.features.credits', 'help:sections.features.partner'],
  },
  {
    id: 'discover',
    title: 'help:sections.discover.title',
    tips: ['help:sections.discover.search', 'help:sections.discover.categories', 'help:sections.discover.detail', 'help:sections.discover.back'],
  },
  {
    id: 'source',
    title: 'help:sections.source.title',
    tips: ['help:sections.source.selector', 'help:sections.source.routes', 'help:sections.source.episodes', 'help:sections.source.stuck'],
  },
];
