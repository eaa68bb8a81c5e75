import type { LiveService } from './live.service.ts';

/** What other modules use of live pushes (decision 053): publish to every instance, or feed a state each instance reads. */
export type LivePublisher = Pick<LiveService, 'publish' | 'feed'>;
