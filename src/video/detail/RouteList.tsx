// The play routes of a video (spec 2 §2.4, spec 3 §2 route tabs): the
// catalogue's route name, or "online play" / "Line N" when it gave none.
// The detail page opens the play page at a route; the play page switches.

import { useTranslation } from 'react-i18next';
import type { VideoRoute } from '../../feed';

export interface RouteListProps {
  routes: readonly VideoRoute[];
  /** The route playing now (play page); null on the detail page. */
  activeIndex: number | null;
  /** A switch is under way: the buttons wait. */
  busy?: boolean;
  onSelect(index: number): void;
}

export function RouteList({ routes, activeIndex, busy = false, onSelect }: RouteListProps) {
  const { t } = useTranslation('detail');
  return (
    <div className="cf-route-list" role="group" data-testid="route-list">
      {routes.map((route) => {
        const label = route.label.kind === 'named' ? route.label.text : route.label.kind === 'online' ? t('routes.online') : t('routes.line', { number: route.label.number });
        const active = route.index === activeIndex;
        return (
          <button
            key={route.index}
            type="button"
            className={`cf-route-list__item${active ? ' cf-route-list__item--active' : ''}`}
            aria-pressed={activeIndex === null ? undefined : active}
            disabled={busy}
            data-testid="route-item"
            data-index={route.index}
            onClick={() => onSelect(route.index)}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
