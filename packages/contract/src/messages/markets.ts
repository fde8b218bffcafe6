import type { Translations } from './translations.ts';

/**
 * Market data: listed markets and quotes.
 */
export const MARKETS_MESSAGES = {
  unknownMarket: {
    en: 'This market is not listed',
    ja: 'この市場は上場されていません',
    ko: '상장되지 않은 마켓입니다',
    zh: '该市场未上线',
    pt: 'Este mercado não está listado',
    vi: 'Thị trường này chưa được niêm yết',
    th: 'ตลาดนี้ไม่ได้จดทะเบียน',
    es: 'Este mercado no está listado',
    fr: "Ce marché n'est pas coté",
    ru: 'Этот рынок не представлен на платформе',
    de: 'Dieser Markt ist nicht gelistet',
    it: 'Questo mercato non è quotato',
    tw: '該市場未上線',
  },
  marketDataUnavailable: {
    en: 'Market data is not available yet, please try again shortly',
    ja: '市場データはまだ利用できません。しばらくしてから再度お試しください',
    ko: '시장 데이터를 아직 사용할 수 없습니다. 잠시 후 다시 시도해 주세요',
    zh: '行情数据暂不可用，请稍后再试',
    pt: 'Os dados de mercado ainda não estão disponíveis, tente novamente em instantes',
    vi: 'Dữ liệu thị trường chưa sẵn sàng, vui lòng thử lại sau giây lát',
    th: 'ข้อมูลตลาดยังไม่พร้อมใช้งาน โปรดลองอีกครั้งในอีกสักครู่',
    es: 'Los datos de mercado aún no están disponibles, inténtelo de nuevo en breve',
    fr: 'Les données de marché ne sont pas encore disponibles, veuillez réessayer sous peu',
    ru: 'Рыночные данные пока недоступны, повторите попытку чуть позже',
    de: 'Marktdaten sind noch nicht verfügbar, bitte versuchen Sie es gleich noch einmal',
    it: 'I dati di mercato non sono ancora disponibili, riprova tra poco',
    tw: '行情資料暫不可用，請稍後再試',
  },
} satisfies Record<string, Translations>;
