/**
 * antd's plain text field. `Input` from 'antd' is the same component with Search,
 * Password, TextArea, OTP and Group attached to it (about 9 KB gzipped more, with their
 * styles), which a page showing only plain fields (the quotes search, the trade page's
 * market search and order form) need not download.
 */
export { default as TextInput } from 'antd/es/input/Input';
