// antd-mobile's stylesheets for every component the app shows, in the entry's stylesheet before the
// app's own (styles.css), in the order they had when these components were loaded with the first
// screen. Their scripts now load with the screens that use them (decision 033); their styles must
// not, or they would land after styles.css and win over its overrides. Stylesheets only: no script.
import 'antd-mobile/es/global/global.css';
import 'antd-mobile/es/components/mask/mask.css';
import 'antd-mobile/es/components/auto-center/auto-center.css';
import 'antd-mobile/es/components/image/image.css';
import 'antd-mobile/es/components/button/button.css';
import 'antd-mobile/es/components/dot-loading/dot-loading.css';
import 'antd-mobile/es/components/spin-loading/spin-loading.css';
import 'antd-mobile/es/components/center-popup/center-popup.css';
import 'antd-mobile/es/components/dialog/dialog.css';
import 'antd-mobile/es/components/toast/toast.css';
import 'antd-mobile/es/components/popup/popup.css';
import 'antd-mobile/es/components/list/list.css';
import 'antd-mobile/es/components/form/index.css';
import 'antd-mobile/es/components/popover/popover.css';
import 'antd-mobile/es/components/popover/popover-menu.css';
import 'antd-mobile/es/components/input/input.css';
import 'antd-mobile/es/components/tabs/tabs.css';
import 'antd-mobile/es/components/checkbox/checkbox.css';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';
