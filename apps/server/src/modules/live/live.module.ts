import type { FastifyInstance } from 'fastify';
import { LiveTopics } from '@playhall/contract';
import type { Config } from '../../config.ts';
import { LiveHub } from './live.hub.ts';
import { createLiveService, type LiveService } from './live.service.ts';

export type { LiveService, PublishOptions } from './live.service.ts';

const services = new WeakMap<FastifyInstance, LiveService>();

/** The live service of an app built by buildApp (tests publish through it as the feeds do). */
export function liveServiceOf(app: FastifyInstance): LiveService {
  const live = services.get(app);
  if (!live) throw new Error('this app has no live pushes registered');
  return live;
}

/**
 * Live pushes in the app's life (decision 053): WebSocket upgrades of LIVE_PATH on the app's HTTP
 * server (any other upgrade is answered 404), the Redis subscription from ready, and at close,
 * before the HTTP server waits for its connections, every socket closed with "going away".
 */
export function registerLive(app: FastifyInstance, config: Pick<Config, 'live' | 'redisUrl' | 'trustProxy' | 'corsOrigins'>): LiveService {
  const topics = [...LiveTopics];
  const hub = new LiveHub({ topics, limits: config.live, log: app.log, trustProxy: config.trustProxy, corsOrigins: config.corsOrigins });
  const live = createLiveService({ hub, topics, redisUrl: config.redisUrl, log: app.log });
  app.server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  app.addHook('onReady', async () => {
    hub.start();
    await live.start();
  });
  // preClose: before Fastify closes the HTTP server, which waits for every connection, these included.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => live.close());
  services.set(app, live);
  return live;
}
