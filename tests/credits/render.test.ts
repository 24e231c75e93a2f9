// Server-side renders of the credits screen's parts with the real pt-BR
// strings: the balance from the account store, task states, history states.

import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { configureCredits, creditsState } from '../../src/account/credits/credits-store';
import { toCreditTransaction } from '../../src/account/credits/transactions';
import { createI18n } from '../../src/i18n';
import { BalanceCard } from '../../src/account/credits/BalanceCard';
import { HistoryList } from '../../src/account/credits/HistoryList';
import { TaskList } from '../../src/account/credits/TaskList';
import { accountState, initialAccountState } from '../../src/account/store';

const render = (element: ReactElement) => renderToStaticMarkup(h(I18nextProvider, { i18n: createI18n('pt-BR') }, element));

afterEach(() => {
  Object.assign(accountState, initialAccountState());
  configureCredits();
});

describe('credits screen markup', () => {
  it('the balance is formatted 1k/1w with the exact figure for screen readers', () => {
    Object.assign(accountState, { status: 'completed', points: 1234, pointsRequired: 1000 });
    const html = render(h(BalanceCard));
    expect(html).toContain('data-points="1234"');
    expect(html).toContain('aria-label="1234 pontos"');
    expect(html).toMatch(/>1\.2k<\/p>/);
    expect(html).toContain('Usar 1k pontos no site parceiro');
  });

  it('shows how many credits the partner site still needs', () => {
    Object.assign(accountState, { status: 'completed', points: 250, pointsRequired: 1000 });
    const html = render(h(BalanceCard));
    expect(html).toContain('Faltam 750 pontos');
    // No button offers a spend the visitor cannot make (issue 16 point 8).
    expect(html).not.toContain('data-testid="credits-partner"');
    Object.assign(accountState, { points: 0, hasWin667: false });
    expect(render(h(BalanceCard))).not.toContain('Usar 1k pontos');
  });

  it('tasks: rewards, share preset done but never said to be paid, watch progress n of required', () => {
    Object.assign(accountState, { status: 'completed', points: 0, progress: 2, required: 5 });
    const html = render(h(TaskList));
    // The reward says what it is, with the balance's one word (issue 16 point 8).
    expect(html).toContain('+10 pontos');
    expect(html).toContain('+50 pontos');
    expect(html).toContain('+200 pontos');
    expect(html).toMatch(/data-testid="task-share_content" data-done="true"/);
    // The share task pays nothing: no "+30", no "already counted"; it offers to share the video on screen.
    expect(html).not.toContain('+30');
    expect(html).toMatch(/Compartilhar um vídeo<\/p>.*?<span class="cf-task__reward">Sem pontos<\/span>/);
    expect(html).toContain('data-testid="share-button"');
    expect(html).toContain('data-testid="invite-button"');
    expect(html).toMatch(/data-testid="task-daily_checkin" data-done="false"/);
    expect(html).toContain('2 de 5 vídeos');
    expect(html).toContain('semanal');
  });

  it('history: skeleton, error with retry, empty, rows', () => {
    creditsState.history.status = 'loading';
    expect(render(h(HistoryList))).toContain('cf-skeleton');
    creditsState.history.status = 'error';
    const error = render(h(HistoryList));
    expect(error).toContain('role="alert"');
    expect(error).toContain('Tentar de novo');
    creditsState.history.status = 'ready';
    expect(render(h(HistoryList))).toContain('data-testid="history-empty"');
    creditsState.history.items = [toCreditTransaction({ id: 1, type: 'earn', amount: 10, source: 'daily_checkin', timestamp: '2025-03-10T12:00:00.000Z' })];
    const rows = render(h(HistoryList));
    expect(rows).toContain('Check-in diário');
    expect(rows).toContain('+10');
  });
});
