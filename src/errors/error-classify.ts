// Global error types and their severity (spec 1 §8 "Global errors"; spec 2
// §2.8). Code that knows what failed reports the type itself; errors caught
// by the window listeners are classified from their name and message.

export const ErrorType = {
  RuntimeError: 'runtime_error',
  NetworkCritical: 'network_critical',
  DataCorruption: 'data_corruption',
  InfiniteLoop: 'infinite_loop',
  MemoryLeak: 'memory_leak',
  ApiFailure: 'api_failure',
  StateCorruption: 'state_corruption',
  InitializationFailure: 'initialization_failure',
  Network: 'network',
  Media: 'media',
  Ad: 'ad',
  Analytics: 'analytics',
  Resource: 'resource',
  Permission: 'permission',
  /** Not recognised: logged and counted by the burst rule. */
  Unknown: 'unknown',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];

/** severe: full-page overlay; light: ignored; medium: kept and counted (8 in 10 s become severe). */
export type Severity = 'severe' | 'medium' | 'light';

export const SEVERE_TYPES: readonly ErrorType[] = [
  'runtime_error',
  'network_critical',
  'data_corruption',
  'infinite_loop',
  'memory_leak',
  'api_failure',
  'state_corruption',
  'initialization_failure',
];

export const LIGHT_TYPES: readonly ErrorType[] = ['network', 'media', 'ad', 'analytics', 'resource', 'permission'];

const ALL_TYPES: readonly string[] = Object.values(ErrorType);

export function severityOf(type: ErrorType): Severity {
  if (SEVERE_TYPES.includes(type)) return 'severe';
  if (LIGHT_TYPES.includes(type)) return 'light';
  return 'medium';
}

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && ALL_TYPES.includes(value);
}

// Checked in order: a failed core chunk mentions "fetch" too, so it comes before network.
const MESSAGE_RULES: readonly [RegExp, ErrorType][] = [
  [/dynamically imported module|importing a module script failed|ChunkLoadError|Loading chunk \S+ failed/i, 'initialization_failure'],
  [/maximum call stack size exceeded|too much recursion/i, 'infinite_loop'],
  [/out of memory|allocation failed|array buffer allocation/i, 'memory_leak'],
  [/^Script error\.?$|ResizeObserver loop/i, 'resource'],
  [/failed to fetch|networkerror|network error|load failed|\btime(?:d)? ?out\b|ERR_NETWORK|ERR_INTERNET|ERR_CONNECTION/i, 'network'],
  [/MEDIA_ERR|MediaError|play\(\) (?:request|failed)|\bhls\b|source ?buffer|media ?source|\bdecode\b/i, 'media'],
];

const NAME_RULES: Readonly<Record<string, ErrorType>> = {
  AbortError: 'network',
  TimeoutError: 'network',
  NetworkError: 'network',
  NotAllowedError: 'permission',
  SecurityError: 'permission',
  NotSupportedError: 'media',
  QuotaExceededError: 'resource',
};

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** The type of a thrown value or rejection reason. */
export function classifyThrown(value: unknown): ErrorType {
  const tagged = field(value, 'type');
  if (isErrorType(tagged)) return tagged;
  // An ApiError ({code, message, retryable}, src/api/http.ts) that escaped its caller.
  if (typeof field(value, 'code') === 'string' && typeof field(value, 'retryable') === 'boolean') return 'network';
  const name = field(value, 'name');
  const message = typeof value === 'string' ? value : String(field(value, 'message') ?? '');
  // Autoplay refusals are NotAllowedError about play(): media, not permission.
  if (name === 'NotAllowedError' && /play/i.test(message)) return 'media';
  for (const [pattern, type] of MESSAGE_RULES) if (pattern.test(message)) return type;
  if (typeof name === 'string' && NAME_RULES[name]) return NAME_RULES[name];
  return 'unknown';
}
