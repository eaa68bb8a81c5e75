import { lazy, useState } from 'react';
import { Languages } from '@playhall/contract';
import { currentLanguage, languageNames, useTranslation } from '../../lib/i18n.ts';
import { OnceOpened } from './lazy-mount.tsx';

// The sheet (and antd-mobile's popup under it) loads the first time it opens (decision 033).
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

/** Opens a sheet with the shipped languages; the choice is kept in the language cookie. */
export function LanguagePicker({ children }: { children: (open: () => void, label: string) => React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState(false);
  const current = currentLanguage();
  return (
    <>
      {children(() => setVisible(true), languageNames[current])}
      <OnceOpened open={visible}>
        <ActionSheet
          visible={visible}
          extra={t('common.chooseLanguage')}
          cancelText={t('common.cancel')}
          onClose={() => setVisible(false)}
          actions={Languages.map((lng) => ({
            key: lng,
            text: lng === current ? `✓ ${languageNames[lng]}` : languageNames[lng],
            onClick: () => {
              setVisible(false);
              void i18n.changeLanguage(lng);
            },
          }))}
        />
      </OnceOpened>
    </>
  );
}
