// What the fake source was asked, in order, with what it answered: tests
// assert on it (a page fetched twice, a retry after a 429, no request past
// the last page) rather than on timings.

export interface LoggedRequest {
  /** Path and query as sent. */
  path: string;
  /** 'detail' covers ac=videolist too. */
  ac: 'list' | 'detail';
  pg: number;
  ids: string | null;
  /** Asked with at=xml. */
  xml: boolean;
  status: number;
  /** Date.now() when the request arrived. */
  at: number;
}

export class RequestLog {
  readonly entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  /** List requests, or those for page pg. */
  listRequests(pg?: number): number {
    return this.entries.filter((e) => e.ac === 'list' && (pg === undefined || e.pg === pg)).length;
  }

  /** Requests for a page of the site (ac=list or videolist by pg), not for ids. */
  pageRequests(): number {
    return this.entries.filter((e) => e.ids === null).length;
  }

  detailRequests(): number {
    return this.entries.filter((e) => e.ac === 'detail').length;
  }

  /** How many times each list page was asked for. */
  listCounts(): Map<number, number> {
    const out = new Map<number, number>();
    for (const e of this.entries) if (e.ac === 'list') out.set(e.pg, (out.get(e.pg) ?? 0) + 1);
    return out;
  }
}
