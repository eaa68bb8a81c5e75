import { Button, Checkbox, Form, Input } from 'antd-mobile';
import { useTranslation } from '../../../lib/i18n.ts';
import { ErrorCode, maskAccountNo, type LengthRange, type ReceivingAccount, type ReceivingAccounts, type WithdrawChannel } from '@playhall/contract';
import { ApiError, call } from '../../../lib/api.ts';
import { useFormSubmit } from '../../../lib/form-submit.ts';
import { showSuccessToast } from '../../../lib/notify.ts';
import { useApplyAccounts } from '../api/withdraw-api.ts';
import { checkAccountForm, type AccountField, type AccountFormValues } from '../api/withdraw-rules.ts';

/** Server refusals that name one field: shown under it as well as in the toast. */
const FIELD_OF_CODE: Partial<Record<number, AccountField>> = {
  [ErrorCode.withdrawAccountInvalid]: 'accountNo',
  [ErrorCode.withdrawAccountDuplicate]: 'accountNo',
  [ErrorCode.withdrawAccountNameInvalid]: 'accountName',
  [ErrorCode.withdrawBankRequired]: 'bankId',
  [ErrorCode.withdrawChannelUnavailable]: 'typeId',
};

interface ChoiceProps<T> {
  value?: T | null;
  onChange?: (v: T) => void;
  options: Array<{ value: T; label: string; code?: string }>;
  label: string;
  testId: string;
  chips?: boolean;
}

/** A radio group as a form control (Form.Item passes value and onChange). */
function Choice<T extends number>({ value, onChange, options, label, testId, chips }: ChoiceProps<T>) {
  return (
    <div className={chips ? 'channel-tabs account-form__channels' : 'bank-list'} role="radiogroup" aria-label={label} data-testid={testId}>
      {options.map((o) => {
        const active = o.value === value;
        const base = chips ? 'channel-tab' : 'bank-item';
        return (
          <button key={o.value} type="button" role="radio" aria-checked={active} className={active ? `${base} ${base}--active` : base}
            onClick={() => onChange?.(o.value)}>
            {o.code && <span className="bank-item__code">{o.code}</span>}
            {o.label}
          </button>
        );
      })}
    </div>
  );
}

interface Props {
  data: ReceivingAccounts;
  /** The saved account being changed; undefined to add one. */
  account?: ReceivingAccount;
  length: LengthRange;
  onSaved: () => void;
}

/** Add or change a receiving account. On change the number field starts empty: empty means unchanged. */
export function AccountForm({ data, account, length, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountFormValues>();
  const apply = useApplyAccounts();
  const editing = account !== undefined;
  const channels = [...data.channels].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const typeId = Form.useWatch('typeId', form) as number | undefined;
  const channelOf = (id: number | null | undefined): WithdrawChannel | undefined => channels.find((c) => c.id === id);
  const channel = channelOf(typeId ?? account?.typeId ?? channels[0]?.id);
  const firstAccount = !editing && data.list.length === 0;

  const initialValues: AccountFormValues = editing
    ? { typeId: account.typeId, bankId: account.bankId, accountName: account.accountName, accountNo: '', isDefault: account.isDefault }
    : { typeId: channels[0]?.id, bankId: null, accountName: '', accountNo: '', isDefault: firstAccount };

  const rule = (field: AccountField) => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as AccountFormValues;
      const problem = checkAccountForm(values, { channel: channelOf(values.typeId), length, editing })[field];
      if (problem) throw new Error(t(problem.key, problem.values));
    },
  });

  const { busy, submit } = useFormSubmit(form, async (v: AccountFormValues) => {
    const accountName = (v.accountName ?? '').trim().replace(/\s+/g, ' ');
    const accountNo = (v.accountNo ?? '').replace(/\s+/g, '');
    const ch = channelOf(v.typeId);
    const bankId = ch && ch.banks.length > 0 && v.bankId ? v.bankId : undefined;
    try {
      if (!editing) {
        apply(await call('addBankInfo', { typeId: ch!.id, ...(bankId ? { bankId } : {}), accountName, accountNo, isDefault: Boolean(v.isDefault) }));
        showSuccessToast(t('cards.added', { account: maskAccountNo(accountNo) }));
      } else {
        const changes = {
          ...(bankId !== undefined && bankId !== account.bankId ? { bankId } : {}),
          ...(accountName !== account.accountName ? { accountName } : {}),
          ...(accountNo !== '' ? { accountNo } : {}),
          ...(v.isDefault && !account.isDefault ? { isDefault: true as const } : {}),
        };
        // Nothing changed: the saved account already is what the player wants.
        if (Object.keys(changes).length > 0) {
          apply(await call('modifyBankInfo', { id: account.id, ...changes }));
          showSuccessToast(t('cards.updated'));
        }
      }
      onSaved();
    } catch (err) {
      const field = err instanceof ApiError ? FIELD_OF_CODE[err.code] : undefined;
      if (field) form.setFields([{ name: field, errors: [err instanceof ApiError ? err.message : ''] }]);
      throw err;
    }
  });

  return (
    <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} className="card account-form" data-testid="account-form"
      onValuesChange={(changed: AccountFormValues) => { if ('typeId' in changed) form.setFieldsValue({ bankId: null }); }}
      footer={
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy} disabled={busy} data-testid="account-save">
          {editing ? t('common.save') : t('cards.add')}
        </Button>
      }>
      {editing ? (
        <Form.Item label={t('cards.channel')} description={t('cards.channelFixed')}>
          <span className="account-form__fixed" data-testid="account-channel">{account.typeName}</span>
        </Form.Item>
      ) : (
        <Form.Item name="typeId" label={t('cards.channel')} rules={[rule('typeId')]} hidden={channels.length <= 1}>
          <Choice label={t('cards.channel')} testId="account-channels" chips options={channels.map((c) => ({ value: c.id, label: c.name }))} />
        </Form.Item>
      )}
      {channel && channel.banks.length > 0 && (
        <Form.Item name="bankId" label={t('cards.bank')} rules={[rule('bankId')]}>
          <Choice label={t('cards.bank')} testId="account-banks"
            options={[...channel.banks].sort((a, b) => a.sort - b.sort).map((b) => ({ value: b.id, label: b.name, code: b.code }))} />
        </Form.Item>
      )}
      <Form.Item name="accountName" label={t('cards.holder')} rules={[rule('accountName')]} validateTrigger="onBlur">
        <Input id="account-name" name="accountName" autoComplete="name" maxLength={60} placeholder={t('cards.holderPlaceholder')} />
      </Form.Item>
      <Form.Item name="accountNo" label={channel && channel.banks.length === 0 ? t('cards.key') : t('cards.number')} rules={[rule('accountNo')]}
        validateTrigger="onBlur" description={t(editing ? 'cards.numberHintEdit' : 'cards.numberHint', { min: length.min, max: length.max })}>
        <Input id="account-no" name="accountNo" autoComplete="off" maxLength={length.max + 8}
          placeholder={editing ? account.accountNoMasked : t('cards.numberPlaceholder', { min: length.min, max: length.max })} />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked"
        description={firstAccount ? t('cards.firstIsDefault') : editing && account.isDefault ? t('cards.isDefaultAlready') : undefined}>
        <Checkbox disabled={firstAccount || (editing && account.isDefault)} data-testid="account-default">{t('cards.makeDefault')}</Checkbox>
      </Form.Item>
    </Form>
  );
}
