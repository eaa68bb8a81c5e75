import { createHash } from 'node:crypto';

/**
 * Fingerprints of texts an earlier seed wrote (the first content, which promised bonuses, tasks,
 * VIP and self-exclusion that do not exist). A row that still holds one of them was never edited
 * by an operator, so the seed replaces it with today's text; an edited row is left alone.
 * Keys: `page:<slug>:<lang>`, `faq:<key>:<lang>` (the answer), `notice:<key>:<lang>` (the body).
 */
export const retiredContent: Record<string, string> = {
  'page:about-us:en-US': 'ea2f31bdf4f7ce0b066e850be2cccec5',
  'page:about-us:pt-BR': 'c157cc625efde6a7a37556b9417309c6',
  'page:about-us:th-TH': '3400dd25a0279e8fc8f7ad108a9f0bc5',
  'page:privacy-policy:en-US': '4553555a7f153bb6ae7a12b0c75537e2',
  'page:privacy-policy:pt-BR': '2cb588ddf5190ead82b8f28b56d6eb89',
  'page:privacy-policy:th-TH': '4b6192ddd77685f129acb8bb69dbd669',
  'page:terms-of-use:en-US': 'ed7fb2cbdeb92a369a162e51ccd76fbe',
  'page:terms-of-use:pt-BR': '841dc030e6cd5f54a5cea8211000d983',
  'page:terms-of-use:th-TH': 'd8a7e4b09320a255a3d0ea797cb792b1',
  'page:download:en-US': '79f2ea713e9b659e7d9be8d3e839f320',
  'page:download:pt-BR': '4c9e596658ad4438f79538422ccc6f68',
  'page:download:th-TH': '7c2b5c2d2358d91d5fb1f3de1987cd71',
  'faq:create-account:en-US': 'abe6f34d573cf6e7153c56b319a0de5b',
  'faq:create-account:pt-BR': '5727962c16aa6485c0911f936db99449',
  'faq:create-account:th-TH': '4525853cf07cadcf29e91c01455991cc',
  'faq:forgot-password:en-US': 'd5601f53402ac2a2be7367d43d26d73a',
  'faq:forgot-password:pt-BR': 'a0b12ef82d707309528bcbb0a2b2e2fd',
  'faq:forgot-password:th-TH': 'f3dc3f55554a15e782ccf3fa7e2a058b',
  'faq:account-locked:en-US': 'df09468e335e2bc50849d18dfc83b7b9',
  'faq:account-locked:pt-BR': '970c5067bd4f6e5b018c82ed6646029c',
  'faq:account-locked:th-TH': '116de7ce04f5f501331127fbc101d672',
  'faq:deposit:en-US': '0ba85cebaebe97e44b1aa248a31ccd00',
  'faq:deposit:pt-BR': 'a33bc576de7cbb6725067e270c9ac18f',
  'faq:deposit:th-TH': '4cbb3ed88c8b25d29b5213b7b6201d27',
  'faq:withdraw:en-US': 'e22debc8c21f96405ed20da1c10db67d',
  'faq:withdraw:pt-BR': '2c02d33ee62f6940ae34535ce1109dca',
  'faq:withdraw:th-TH': 'e8ab8fa4671947c990f796bb982270c4',
  'faq:withdrawable:en-US': 'a0c0d35198319ad6af83540e2f085869',
  'faq:withdrawable:pt-BR': '5e4ec10175aadbb57e177a8c33c0f1b4',
  'faq:withdrawable:th-TH': 'ef9193a7d85075dcfbc909357709c3c3',
  'faq:bonus:en-US': 'd003df9a7a8c30e0df3d18f9c85dcfc6',
  'faq:bonus:pt-BR': '8f02636824c769de8ca5674edf78fb77',
  'faq:bonus:th-TH': '40d69891af203e1f747e4bde1f86afee',
  'faq:fairness:en-US': 'ce55ac53eb55c86e25dd0842717028f2',
  'faq:fairness:pt-BR': '434eb355c000f8e1af7e060fc52ca344',
  'faq:fairness:th-TH': '1b097869d415d9f0d9ceddffe460fed9',
  'faq:responsible-gaming:en-US': '1abe7c0cb1cad429c089a007d2c695b0',
  'faq:responsible-gaming:pt-BR': 'b7dcf7ec5224405326018c16d0542383',
  'faq:responsible-gaming:th-TH': '255e81c642a6e942bae4cfcb7a47609e',
  'faq:age:en-US': '543826030bae6d8faf197af2e416bf52',
  'faq:age:pt-BR': '5641ccfac2e073cb48dcd42a5c898582',
  'faq:age:th-TH': 'ba6e2268103bbc8b914d07caacdfef8e',
  'notice:welcome:en-US': '0c9220f6b2fc10a841b9ffc7bff3165f',
  'notice:welcome:pt-BR': 'fd5c654fc6d9aedbe0e55f0f80fb7eea',
  'notice:welcome:th-TH': 'e4e71b9b246040afd9a24329cce04d93',
  'notice:security:en-US': '062e38efbf7b5fae34f529bc64cc2fb1',
  'notice:security:pt-BR': '9ad871100082bc2b0f46f8dea2018dea',
  'notice:security:th-TH': '98aa066c12924c158512e6b86a274d0a',
  'notice:play-responsibly:en-US': '6f2ffe28535f7021665e0232ec59e6e9',
  'notice:play-responsibly:pt-BR': 'cfd018a8b69109b3aa19b5c4271b55bd',
  'notice:play-responsibly:th-TH': 'e0a8f62b896b7300f473dadc6f1729e0',
};

/** The fingerprint compared with `retiredContent`. */
export function contentFingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

/** Whether a stored text is the retired seed text for this key (so no operator changed it). */
export function isRetiredSeedText(key: string, text: string): boolean {
  return retiredContent[key] === contentFingerprint(text);
}
