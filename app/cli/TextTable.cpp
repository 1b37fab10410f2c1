#include "TextTable.h"

#include "TextEscape.h"

namespace cw::cli {

namespace {

// East Asian Wide (W) and Fullwidth (F) ranges, coarsely: the blocks a
// title in Chinese, Japanese or Korean, or an emoji, is written in.
bool isWide(char32_t c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) ||
           (c >= 0x3041 && c <= 0x33FF) || (c >= 0x3400 && c <= 0x4DBF) ||
           (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
           (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD);
}

bool isZeroWidth(char32_t c)
{
    const auto category = QChar::category(c);
    return category == QChar::Mark_NonSpacing || category == QChar::Mark_Enclosing || c == 0x200B ||
           c == 0x200C || c == 0x200D || c == 0xFEFF;
}

} // namespace

TextTable::TextTable(QStringList header)
{
    addRow(header);
}

void TextTable::addRow(const QStringList &cells)
{
    QStringList row;
    for (qsizetype i = 0; i < cells.size(); ++i) {
        row.append(escaped(cells[i]));
        if (m_widths.size() <= i)
            m_widths.append(0);
        m_widths[i] = qMax(m_widths[i], width(row.constLast()));
    }
    m_rows.append(row);
}

void TextTable::print(QTextStream &out) const
{
    for (const QStringList &row : m_rows) {
        for (qsizetype i = 0; i < row.size(); ++i) {
            out << row[i];
            if (i + 1 < row.size())
                out << QString(m_widths[i] - width(row[i]) + 2, u' ');
        }
        out << '\n';
    }
}

qsizetype TextTable::width(const QString &text)
{
    qsizetype columns = 0;
    for (const char32_t c : text.toUcs4())
        columns += isZeroWidth(c) ? 0 : isWide(c) ? 2 : 1;
    return columns;
}

} // namespace cw::cli
