import { useState } from 'react';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Languages } from '@playhall/contract';
import { currentLanguage, languageNames } from '../../lib/i18n.ts';

/** Opens a sheet with the shipped languages; the choice is kept in the language cookie. */
export function LanguagePicker({ children }: { children: (open: () => void, label: string) => React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const [visible, setVisible] = useState(false);
  const current = currentLanguage();
  return (
    <>
      {children(() => setVisible(true), languageNames[current])}
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
    </>
  );
}
