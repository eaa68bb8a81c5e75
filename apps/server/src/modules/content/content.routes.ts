import { appConfigEndpoint, contentPageEndpoint, customerServicesEndpoint } from '@playhall/contract';
import { answerMemo, type EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { ContentService } from './content.service.ts';

export function registerContentRoutes(registry: EndpointRegistry, content: ContentService): void {
  // Configuration only: its text is made again only when the configuration changed (decision 054).
  const appConfigAnswer = answerMemo<string, Awaited<ReturnType<ContentService['getAppConfig']>>>();
  registry.handle(appConfigEndpoint, async (_ctx, body) => {
    const config = await content.getAppConfig(body.lang);
    return appConfigAnswer(body.lang ?? '', [config], () => config);
  }, { beforeRouting: 'visitors' });
  registry.handle(contentPageEndpoint, async (_ctx, body) => content.getPage(body.slug, body.lang));
  registry.handle(customerServicesEndpoint, async () => ({ appCustomerServiceQueue: await content.getCustomerServiceQueue() }));
}
