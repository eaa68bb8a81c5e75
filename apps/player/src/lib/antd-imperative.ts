import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import Toast from 'antd-mobile/es/components/toast';
import Dialog from 'antd-mobile/es/components/dialog';
import ActionSheet from 'antd-mobile/es/components/action-sheet';

/**
 * antd-mobile's imperative APIs (Toast.show, Dialog.alert/confirm, ActionSheet.show), taken from
 * here only: importing this module tells antd-mobile how to render under React 19 first. Its
 * default is React 18's legacy API (and the code behind it), which is why this is not done on the
 * first screen but by whatever shows one of these (decision 033).
 */
unstableSetRender((node, container) => {
  const holder = container as Element & { _playhallRoot?: Root };
  holder._playhallRoot ??= createRoot(container);
  holder._playhallRoot.render(node);
  return async () => {
    await Promise.resolve();
    holder._playhallRoot?.unmount();
    delete holder._playhallRoot;
  };
});

export { ActionSheet, Dialog, Toast };
