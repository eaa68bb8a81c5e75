import { appConfigEndpoint, contentPageEndpoint, customerServicesEndpoint } from '@playhall/contract';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { ContentService } from './content.service.ts';

export function registerContentRoutes(registry: EndpointRegistry, content: ContentService): void {
  registry.handle(appConfigEndpoint, async (_ctx, body) => content.getAppConfig(body.lang));
  registry.handle(contentPageEndpoint, async (_ctx, body) => content.getPage(body.slug, body.lang));
  registry.handle(customerServicesEndpoint, async () => ({ appCustomerServiceQueue: await content.getCustomerServiceQueue() }));
}
