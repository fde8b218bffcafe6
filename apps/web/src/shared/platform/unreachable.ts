import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '@meridian/contract/languages';

// Shown when the configuration cannot be loaded, so before any translation is: the only
// words of the app that ship inside the main bundle.
const MESSAGE: Record<Language, string> = {
  en: 'The platform could not be reached. Reload the page to try again.',
  ja: 'プラットフォームに接続できませんでした。ページを再読み込みしてもう一度お試しください。',
  ko: '플랫폼에 연결할 수 없습니다. 페이지를 새로 고쳐 다시 시도해 주세요.',
  zh: '无法连接到平台。请刷新页面重试。',
  pt: 'Não foi possível contactar a plataforma. Recarregue a página para tentar novamente.',
  vi: 'Không thể kết nối tới nền tảng. Hãy tải lại trang để thử lại.',
  th: 'ไม่สามารถเชื่อมต่อกับแพลตฟอร์มได้ กรุณาโหลดหน้าใหม่เพื่อลองอีกครั้ง',
  es: 'No se pudo conectar con la plataforma. Recargue la página para intentarlo de nuevo.',
  fr: 'Impossible de joindre la plateforme. Rechargez la page pour réessayer.',
  ru: 'Не удалось связаться с платформой. Перезагрузите страницу, чтобы повторить попытку.',
  de: 'Die Plattform ist nicht erreichbar. Laden Sie die Seite neu, um es erneut zu versuchen.',
  it: 'Impossibile raggiungere la piattaforma. Ricarica la pagina per riprovare.',
  tw: '無法連線至平台。請重新整理頁面再試一次。',
};

export function unreachableMessage(preferred: Language | undefined): string {
  const lang = preferred ?? normalizeLanguage(navigator.language) ?? DEFAULT_LANGUAGE;
  return MESSAGE[lang];
}
