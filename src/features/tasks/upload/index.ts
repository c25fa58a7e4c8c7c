export { UploadPage, type UploadPageProps } from './UploadPage';
