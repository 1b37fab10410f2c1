#include "LineReader.h"

#include <QIODevice>
#include <QLocale>

namespace cw {

using namespace Qt::StringLiterals;

LineReader::LineReader(QIODevice &device, qsizetype maxLineBytes)
    : m_device(device)
    , m_maxLineBytes(maxLineBytes)
{
}

Result<bool> LineReader::next(QByteArray &line)
{
    for (;;) {
        const qsizetype end = m_buffer.indexOf('\n', m_pos);
        const qsizetype stop = end >= 0 ? end : m_buffer.size();
        if (stop - m_pos > m_maxLineBytes)
            return fail(u"the line is longer than %1, the most a line may hold"_s.arg(
                describe(m_maxLineBytes)));
        if (end >= 0 || (m_atEnd && m_pos < m_buffer.size())) {
            line = QByteArray::fromRawData(m_buffer.constData() + m_pos, stop - m_pos);
            m_pos = stop + 1;
            ++m_lineNumber;
            return true;
        }
        if (m_atEnd)
            return false;
        m_buffer.remove(0, m_pos); // keep the partial last line
        m_pos = 0;
        const QByteArray block = m_device.read(BlockSize);
        if (block.isEmpty())
            m_atEnd = true;
        else
            m_buffer += block;
    }
}

Result<QByteArray> LineReader::readAll(QIODevice &device, qsizetype maxLineBytes)
{
    LineReader reader(device, maxLineBytes);
    QByteArray all;
    QByteArray line;
    for (;;) {
        auto more = reader.next(line);
        if (!more)
            return fail(u"line %1: %2"_s.arg(reader.lineNumber() + 1).arg(more.error()));
        if (!*more)
            return all;
        all += line;
        all += '\n';
    }
}

QString LineReader::describe(qsizetype bytes)
{
    return QLocale::c().formattedDataSize(bytes, 0, QLocale::DataSizeIecFormat);
}

} // namespace cw
